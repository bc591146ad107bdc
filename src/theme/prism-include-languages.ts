// Why: Prism has no `jsonc` grammar; the spec treats jsonc as json, so this wraps the original loader and adds the alias.
import type * as PrismNamespace from 'prismjs';
import includeLanguages from '@theme-original/prism-include-languages';

export default function prismIncludeLanguages(Prism: typeof PrismNamespace): void {
  includeLanguages(Prism);
  Prism.languages.jsonc = Prism.languages.json!;
}
