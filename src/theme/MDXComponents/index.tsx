// Wrapper: registers the components that the local remark plugins (OpenAPI operations, manifest schema fields, pre-rendered Mermaid) write into pages.
import MDXComponents from '@theme-original/MDXComponents';
import OpenApiOperation from '@site/src/components/OpenApiOperation';
import OpenApiDocumentLink from '@site/src/components/OpenApiDocumentLink';
import FieldTable from '@site/src/components/FieldTable';
import MermaidSvg from '@site/src/components/MermaidSvg';

export default {
  ...MDXComponents,
  OpenApiOperation,
  OpenApiDocumentLink,
  FieldTable,
  MermaidSvg,
};
