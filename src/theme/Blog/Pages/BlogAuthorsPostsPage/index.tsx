// Why: the theme gives an author's page a title but no meta description (search engines and Lighthouse's SEO audit want one); this adds it from the author's entry in blog/authors.yml.
import React, {type ReactNode} from 'react';
import Original from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';
import type OriginalType from '@theme/Blog/Pages/BlogAuthorsPostsPage';
import type {WrapperProps} from '@docusaurus/types';
import {PageMetadata} from '@docusaurus/theme-common';
import {authorPageDescription} from '@site/src/lib/pageDescriptions';

type Props = WrapperProps<typeof OriginalType>;

export default function BlogAuthorsPostsPageWrapper(props: Props): ReactNode {
  return (
    <>
      <Original {...props} />
      <PageMetadata description={authorPageDescription(props.author, props.listMetadata.totalCount)} />
    </>
  );
}
