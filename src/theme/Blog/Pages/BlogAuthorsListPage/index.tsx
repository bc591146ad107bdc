// Why: the theme's authors page has no meta description (search engines and Lighthouse's SEO audit want one); this adds it.
import React, {type ReactNode} from 'react';
import Original from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import type OriginalType from '@theme/Blog/Pages/BlogAuthorsListPage';
import type {WrapperProps} from '@docusaurus/types';
import {PageMetadata} from '@docusaurus/theme-common';
import {authorsListDescription} from '@site/src/lib/pageDescriptions';

type Props = WrapperProps<typeof OriginalType>;

export default function BlogAuthorsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <Original {...props} />
      <PageMetadata description={authorsListDescription(props.authors.map((a) => a.name ?? a.key))} />
    </>
  );
}
