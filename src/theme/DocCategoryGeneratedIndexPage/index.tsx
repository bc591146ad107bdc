// Wrapper: a category's generated index page (the C API reference of each LEAP version) has a Markdown version too; this asks for its "Copy page" and "View as Markdown", placed where doc pages have them (after the version badge, see src/theme/DocVersionBadge).
import type {ReactNode} from 'react';
import Page from '@theme-original/DocCategoryGeneratedIndexPage';
import type PageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import {PageActionsProvider} from '@site/src/components/CopyPage/pageActions';
import {markdownUrl} from '@site/src/lib/markdown/markdownUrl';

type Props = WrapperProps<typeof PageType>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  return (
    <PageActionsProvider markdownUrl={markdownUrl(props.categoryGeneratedIndex.permalink)}>
      <Page {...props} />
    </PageActionsProvider>
  );
}
