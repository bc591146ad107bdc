import {createContext, useContext, type ReactNode} from 'react';
import CopyPage from './index';

/**
 * The Markdown version of a page whose actions ("Copy page", "View as Markdown") are placed by a
 * component further down the tree (src/theme/DocVersionBadge); none outside such a page.
 */
const PageActionsContext = createContext<string | undefined>(undefined);

export function PageActionsProvider({markdownUrl, children}: {markdownUrl: string; children: ReactNode}): ReactNode {
  return <PageActionsContext.Provider value={markdownUrl}>{children}</PageActionsContext.Provider>;
}

/** The page's actions, where a PageActionsProvider above asks for them; nothing elsewhere. */
export function PageActionsSlot(): ReactNode {
  const markdownUrl = useContext(PageActionsContext);
  return markdownUrl ? <CopyPage markdownUrl={markdownUrl} /> : null;
}
