/** Vite's `?raw` imports: a file's text (README.md in test/openapi.test.ts). */
declare module "*?raw" {
  const text: string;
  export default text;
}
