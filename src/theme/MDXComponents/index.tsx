// Wrapper: registers the components that the openapi-operations and manifest-schema-fields remark plugins write into pages.
import MDXComponents from '@theme-original/MDXComponents';
import OpenApiOperation from '@site/src/components/OpenApiOperation';
import OpenApiDocumentLink from '@site/src/components/OpenApiDocumentLink';
import FieldTable from '@site/src/components/FieldTable';

export default {
  ...MDXComponents,
  OpenApiOperation,
  OpenApiDocumentLink,
  FieldTable,
};
