/**
 * The highlighting code block content: the theme's own component, with prism-react-renderer and the
 * configured Prism languages. The server bundle (and a build with `LYKTA_PERF_OFF=lazyHighlighter`)
 * imports this module as it is; the client bundle gets `./lazy` in its place
 * (src/plugins/lazy-highlighter), so Prism is not part of the first load.
 */
export {default} from '@theme-original/CodeBlock/Content';
