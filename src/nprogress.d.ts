// nprogress (a dependency of @docusaurus/theme-classic) ships no types; src/plugins/lean-client-bundle/progressBar.ts types what it uses.
declare module 'nprogress';
