/**
 * Takes the place of the theme's `prism-include-languages` client module in the client bundle
 * (src/plugins/lazy-highlighter): the languages are registered by the highlighter chunk when it loads
 * (src/lib/highlighter/load.ts), not at startup.
 */
export {};
