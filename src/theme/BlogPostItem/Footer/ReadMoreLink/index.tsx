// Why: the theme's link reads "Read more" (its aria-label names the post, but its text does not, which Lighthouse's link-text audit and readers of link lists refuse); this keeps the visible text and adds the post's title for screen readers. The theme's component renders fixed children, so no wrapper can change them.
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type ReadMoreLinkType from '@theme/BlogPostItem/Footer/ReadMoreLink';
import type {Props as LinkProps} from '@docusaurus/Link';

type Props = React.ComponentProps<typeof ReadMoreLinkType>;

export default function ReadMoreLink({blogPostTitle, ...linkProps}: Props): ReactNode {
  return (
    <Link {...(linkProps as LinkProps)}>
      <b>Read more</b>
      <span className="sr-only"> about “{blogPostTitle}”</span>
    </Link>
  );
}
