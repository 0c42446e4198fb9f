import { addOne } from './cluster-scene';
import { callAs } from './cluster-process';

/**
 * A hold on one node and the cached availability of another (decision 0097): reads node B's
 * `/cached_api` session detail (so B has it cached), holds one place through node A, then reads
 * B again until its `used_capacity` moves, for at most `giveUpMs`. Answers B's figure before and
 * after, and how long after A's answer B showed it. `own` is A's own cached read right after its
 * answer (a visitor reading after their own write).
 */
export async function holdSeenAcrossNodes(options: {
  nodeA: string;
  nodeB: string;
  host: string;
  eventId: string;
  sessionId: string;
  typeId: string;
  giveUpMs: number;
}) {
  const { nodeA, nodeB, host } = options;
  const path = `/cached_api/events/${options.eventId}/sessions/${options.sessionId}?_seller=demo-museum`;
  const used = async (node: string) => {
    const answer = await callAs(node, { method: 'GET', path, host });
    if (answer.status !== 200) throw new Error(`${node}${path}: ${answer.status}`);
    return answer.body.event_session!._data[0]!.used_capacity as number;
  };
  const before = await used(nodeB);
  await used(nodeA);
  const held = await callAs(nodeA, {
    method: 'POST',
    path: '/api/my/cart/modify',
    host,
    body: addOne(options.sessionId, options.typeId),
  });
  if (held.status !== 201) throw new Error(`hold: ${held.status} ${JSON.stringify(held.body)}`);
  const heldAt = performance.now();
  const own = await used(nodeA);
  let after = await used(nodeB);
  while (after === before && performance.now() - heldAt < options.giveUpMs) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    after = await used(nodeB);
  }
  return { before, after, own, seenAfterMs: performance.now() - heldAt };
}
