// Wrapper: adds "Copy page" and "View as Markdown" (the page's Markdown version, /x/index.md) beside every doc's title; the theme has no place for page actions.
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';
import {markdownUrl} from '@site/src/lib/markdown/markdownUrl';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  return (
    <>
      <CopyPage markdownUrl={markdownUrl(metadata.permalink)} />
      <Content {...props} />
    </>
  );
}
