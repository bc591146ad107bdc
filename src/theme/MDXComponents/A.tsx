// Why: links inside pages that leave the site open in a new tab (Docusaurus adds target and rel) but carry no "(opens in new tab)" label; this wrapper adds it.
import React, {type ReactNode} from 'react';
import A from '@theme-original/MDXComponents/A';
import type AType from '@theme/MDXComponents/A';
import type {WrapperProps} from '@docusaurus/types';
import {isExternalHref} from '@site/src/lib/links';

type Props = WrapperProps<typeof AType>;

export default function AWrapper(props: Props): ReactNode {
  if (!isExternalHref(props.href)) return <A {...props} />;
  return (
    <A {...props} target="_blank" rel="noopener noreferrer">
      {props.children}
      <span className="sr-only"> (opens in new tab)</span>
    </A>
  );
}
