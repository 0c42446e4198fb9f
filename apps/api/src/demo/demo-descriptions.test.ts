import { expect, it } from 'vitest';
import { sanitizeDescriptionHtml } from '@/lib/description-html';
import { DEMO_SELLERS } from './demo-sellers';

// the browser sanitises a stored description again before it draws it (decision 0086): the
// demo's, as stored, must come back unchanged so hydration meets the server's markup
it("leaves the demo sellers' descriptions unchanged when sanitised again (the browser does)", async () => {
  const descriptions = DEMO_SELLERS.flatMap((demo) =>
    (demo.file.events ?? []).flatMap((event) => (event.description ? [event.description] : [])),
  );
  expect(descriptions.length).toBeGreaterThan(0);
  for (const description of descriptions) {
    const stored = await sanitizeDescriptionHtml(description);
    expect(await sanitizeDescriptionHtml(stored)).toBe(stored);
  }
});
