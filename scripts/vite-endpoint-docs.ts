/**
 * Production builds only: the endpoint definitions' documentation fields (`request`, `response`,
 * `uiOnFailure` in `defineEndpoint({ … })`, src/api/*.ts) are text for docs/api.md (`npm run docs:api`,
 * which reads the sources through tsx, not this build). Nothing at run time reads them, yet the catalogue's
 * endpoints sit in the first-paint chunk, so their text is left out of the browser's code here
 * (docs/decisions/0013-endpoint-docs-out-of-the-bundle.md).
 */
import type { Plugin } from 'vite';

const API_MODULE = /[\\/]src[\\/]api[\\/][^\\/]+\.ts$/;
/** `request: '…',` and its two siblings, when the value is a string literal (a constant stays: the minifier drops it if unused). */
const DOC_FIELD = /\b(?:request|response|uiOnFailure):\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*,?/g;

/** The source without the documentation fields of its endpoint definitions (exported for its test). */
export function stripEndpointDocs(code: string): string {
  return code.includes('defineEndpoint(') ? code.replace(DOC_FIELD, '') : code;
}

export function endpointDocsPlugin(): Plugin {
  return {
    name: 'storefront-endpoint-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!API_MODULE.test(id)) return null;
      const stripped = stripEndpointDocs(code);
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
