/** How a call is named in messages and tables: "GET /tasks/" (the contract's path). */
export function routeOf(request: Request, schemaPath: string): string {
  return `${request.method} ${schemaPath}`;
}
