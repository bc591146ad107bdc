// Why: the theme sets the 404 title outside its Layout, whose site metadata then overrides it; setting it again inside gives "Page Not Found | Lykta Developer Hub". It also gives the page the meta description the theme leaves out.
import React, {type ReactNode} from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import {NOT_FOUND_DESCRIPTION} from '@site/src/lib/pageDescriptions';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata
        title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
        description={NOT_FOUND_DESCRIPTION}
      />
      <Content {...props} />
    </>
  );
}
