/**
 * Route option for the hot device reads: serialise with `JSON.stringify`
 * instead of re-walking the answer through the zod schema. Their rows are
 * built field by field (`toDeviceRow`), so there is nothing to strip, and on
 * a 50-device page the zod walk costs as much as the stringify itself. The
 * schema still documents the answer (OpenAPI) and the tests parse every
 * answer with it.
 */
export const plainJson = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
