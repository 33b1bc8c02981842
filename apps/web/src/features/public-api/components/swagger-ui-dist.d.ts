declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** Swagger UI's prebuilt bundle: renders an OpenAPI document into `domNode`. */
  const SwaggerUI: (options: Record<string, unknown>) => unknown;
  export default SwaggerUI;
}
