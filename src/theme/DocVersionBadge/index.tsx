// Wrapper: on a category's generated index page the theme renders the version badge right before the title and offers no place for page actions; the actions that page asks for (src/theme/DocCategoryGeneratedIndexPage) go here, after the badge, as on doc pages. Elsewhere it renders the badge alone.
import type {ReactNode} from 'react';
import Badge from '@theme-original/DocVersionBadge';
import type BadgeType from '@theme/DocVersionBadge';
import type {WrapperProps} from '@docusaurus/types';
import {PageActionsSlot} from '@site/src/components/CopyPage/pageActions';

type Props = WrapperProps<typeof BadgeType>;

export default function DocVersionBadgeWrapper(props: Props): ReactNode {
  return (
    <>
      <Badge {...props} />
      <PageActionsSlot />
    </>
  );
}
