/**
 * The chunk the browser loads when a code block has to be highlighted there (a page opened inside the
 * app): Prism with the configured extra languages, and the theme's highlighting component. The theme
 * registers the languages in a client module at startup; in the client bundle that module is replaced
 * by src/lib/highlighter/noLanguages.ts (src/plugins/lazy-highlighter), so they are registered here.
 */
import {Prism} from 'prism-react-renderer';
import includeLanguages from '@theme/prism-include-languages';
import Content from '@theme-original/CodeBlock/Content';

includeLanguages(Prism);

export default Content;
