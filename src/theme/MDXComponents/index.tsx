// Wrapper: registers the OpenAPI components that the openapi-operations remark plugin writes into API pages.
import MDXComponents from '@theme-original/MDXComponents';
import OpenApiOperation from '@site/src/components/OpenApiOperation';
import OpenApiDocumentLink from '@site/src/components/OpenApiDocumentLink';

export default {
  ...MDXComponents,
  OpenApiOperation,
  OpenApiDocumentLink,
};
