"use client";

import dynamic from "next/dynamic";

/**
 * The thread's polls, in a chunk of their own (with @dnd-kit for ranked ballots): rendered on the
 * server as usual, and fetched by the browser only on threads that carry a poll.
 */
export const LazyThreadPolls = dynamic(() => import("./thread-polls").then((module) => module.ThreadPolls));
