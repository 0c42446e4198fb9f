import { escapeHtml } from '@/lib/escape-html';

/** Small self-contained HTML pages the host answers with when it cannot serve the storefront. */

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f5f7; color: #1a1c20;
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 32rem; padding: 2.5rem; background: #fff; border: 1px solid #d5d9e0; border-radius: 4px; text-align: center; }
  h1 { margin: 0 0 .5rem; font-size: 2rem; }
  code { background: #f4f5f7; padding: .1rem .35rem; border-radius: 4px; }
  a { color: #1f4fd1; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** Unknown seller slug (identity §2 404 page texts). */
export function notFoundPage(): string {
  return page(
    'Not found',
    `<h1>Oops!</h1><p>We could not find anything at this URL. (404 Not Found)</p><p><a href="/">Go to the home page</a></p>`,
  );
}

export const NOT_BUILT_MESSAGE = 'Storefront not built: run npm run build';

/** The API runs but apps/storefront/dist is missing. */
export function notBuiltPage(): string {
  return page(
    'Storefront not built',
    `<h1>Storefront not built</h1><p>${escapeHtml(NOT_BUILT_MESSAGE)}</p><p>The API is up: try <a href="/health">/health</a>, or run <code>npm start</code>, which builds it first.</p>`,
  );
}
