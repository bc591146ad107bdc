// Wrapper: titles a crashed page "Page Error" (spec 6); the theme sets that title only when the whole layout crashes.
import type {ComponentProps, ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import ErrorPageContent from '@theme-original/ErrorPageContent';

export default function ErrorPageContentWrapper(props: ComponentProps<typeof ErrorPageContent>): ReactNode {
  return (
    <>
      <PageMetadata title="Page Error" />
      <ErrorPageContent {...props} />
    </>
  );
}
