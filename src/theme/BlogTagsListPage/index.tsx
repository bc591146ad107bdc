// Why: the theme's blog tags page has no meta description (search engines and Lighthouse's SEO audit want one); this adds it.
import React, {type ReactNode} from 'react';
import Original from '@theme-original/BlogTagsListPage';
import type OriginalType from '@theme/BlogTagsListPage';
import type {WrapperProps} from '@docusaurus/types';
import {PageMetadata} from '@docusaurus/theme-common';
import {tagsListDescription} from '@site/src/lib/pageDescriptions';

type Props = WrapperProps<typeof OriginalType>;

export default function BlogTagsListPageWrapper(props: Props): ReactNode {
  return (
    <>
      <Original {...props} />
      <PageMetadata description={tagsListDescription(props.tags.map((t) => t.label))} />
    </>
  );
}
