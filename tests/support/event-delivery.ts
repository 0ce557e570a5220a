import { postIdsOf, type EventFollower } from "./sse-follower";

// What the fault tests count of a thread's live events: for each follower, which acknowledged
// posts never arrived as events, which events came twice, and what came after a reconnection.

/** A post whose create answered 200, and when the answer arrived (Date.now()). */
export interface Acknowledged {
  postId: number;
  at: number;
}

export interface Delivery {
  /** Connections the follower opened: 1 when its stream never dropped. */
  connections: number;
  /** `post` events received for acknowledged posts. */
  received: number;
  /** Of those, received on a connection opened after a drop. */
  afterReconnect: number;
  /** Of those, acknowledged before that connection was requested: only the log's replay could send them. */
  replayed: number;
  /** Acknowledged posts that never arrived. */
  missing: number[];
  /** Events received more than once (by event id), counted once per extra copy. */
  duplicates: number;
  /** Events that arrived after one with a higher id (transactions commit out of id order). */
  outOfOrder: number;
  /** `post` events of posts that were not acknowledged (a write cut with its instance may still have committed). */
  unacknowledged: number;
}

function countOutOfOrder(ids: readonly number[]): number {
  let highest = 0;
  let late = 0;
  for (const id of ids) {
    if (id < highest) late += 1;
    highest = Math.max(highest, id);
  }
  return late;
}

export function countDelivery(follower: EventFollower, acknowledged: readonly Acknowledged[]): Delivery {
  const ackedAt = new Map(acknowledged.map((item) => [item.postId, item.at]));
  const posts = follower.events.filter((event) => event.event === "post");
  const receivedIds = new Set(postIdsOf(posts));
  const ofAcknowledged = posts.filter((event) => ackedAt.has((event.data as { post_id: number }).post_id));
  const later = ofAcknowledged.filter((event) => event.connection > 0);
  const ids = follower.events.map((event) => event.id);
  return {
    connections: follower.instances.length,
    received: new Set(postIdsOf(ofAcknowledged)).size,
    afterReconnect: later.length,
    replayed: later.filter((event) => ackedAt.get((event.data as { post_id: number }).post_id)! < follower.connectedAt[event.connection]!).length,
    missing: acknowledged.map((item) => item.postId).filter((id) => !receivedIds.has(id)),
    duplicates: ids.length - new Set(ids).size,
    outOfOrder: countOutOfOrder(follower.events.map((event) => Number(event.id))),
    unacknowledged: [...receivedIds].filter((id) => !ackedAt.has(id)).length,
  };
}

/** The followers' deliveries summed, for the test's printed line. */
export function sumDeliveries(deliveries: readonly Delivery[]) {
  const sum = (pick: (delivery: Delivery) => number) => deliveries.reduce((total, delivery) => total + pick(delivery), 0);
  return {
    clients: deliveries.length,
    reconnected: deliveries.filter((delivery) => delivery.connections > 1).length,
    received: sum((delivery) => delivery.received),
    afterReconnect: sum((delivery) => delivery.afterReconnect),
    replayed: sum((delivery) => delivery.replayed),
    missing: sum((delivery) => delivery.missing.length),
    duplicates: sum((delivery) => delivery.duplicates),
    outOfOrder: sum((delivery) => delivery.outOfOrder),
    unacknowledged: sum((delivery) => delivery.unacknowledged),
  };
}
