// Why: writes each token's colours for both colour modes, so code highlighted at build time keeps the right colours when the mode changes without Prism running again (src/theme/CodeBlock/Content).
import {type ComponentProps, type CSSProperties, type ReactNode} from 'react';
import Token from '@theme-original/CodeBlock/Line/Token';
import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {PrismTheme} from 'prism-react-renderer';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import {cachedThemeDictionary, dualModeStyle, sameStyle, tokenStyle} from '@site/src/lib/codeTokenStyle';

type Props = ComponentProps<typeof Token>;

export default function TokenWrapper({style, ...props}: Props): ReactNode {
  const {buildTimeHighlighting} = usePerformanceSettings();
  const {prism} = useThemeConfig() as unknown as {prism: {theme: PrismTheme; darkTheme?: PrismTheme}};
  const {colorMode} = useColorMode();
  const {metadata} = useCodeBlockContext();
  const language = metadata.language ?? '';
  if (!buildTimeHighlighting) return <Token {...props} style={style} />;
  const light = tokenStyle(cachedThemeDictionary(prism.theme, language), props.token);
  const dark = tokenStyle(cachedThemeDictionary(prism.darkTheme ?? prism.theme, language), props.token);
  // The rule above is prism-react-renderer's; if an upgrade changes it, the build fails here.
  const expected = colorMode === 'dark' ? dark : light;
  if (!sameStyle(expected, style as CSSProperties | undefined)) {
    const message = `src/lib/codeTokenStyle.ts no longer matches prism-react-renderer: ${JSON.stringify(style)} expected for ${props.token.types.join(' ')}, computed ${JSON.stringify(expected)}`;
    if (typeof window === 'undefined') throw new Error(message);
    console.error(message);
  }
  return <Token {...props} style={dualModeStyle(light, dark)} />;
}
