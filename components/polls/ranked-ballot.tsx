"use client";

import type { PollOptionView } from "@/lib/views/poll-view";
import { SortableList } from "./sortable-list";

export interface RankedBallotProps {
  options: PollOptionView[];
  onReorder: (options: PollOptionView[]) => void;
  title: string;
}

/** A ranked poll's ballot: the options in the reader's order of preference, moved by drag or from the keyboard. */
export function RankedBallot({ options, onReorder, title }: RankedBallotProps) {
  return (
    <SortableList
      items={options}
      keyOf={(option) => String(option.id)}
      nameOf={(option) => option.text}
      onReorder={onReorder}
      label={`Your ranking for ${title || "the poll"}`}
      className="poll-sortable poll-sortable--ballot"
      rowClassName="poll-sortable__row"
      renderRow={(option, index, handle) => (
        <>
          <button type="button" className="poll-sortable__handle" aria-label={`Move ${option.text}, ranked ${index + 1}`} {...handle}>
            <span aria-hidden="true">⠿</span>
          </button>
          <span className="poll-sortable__rank" aria-hidden="true">
            {index + 1}
          </span>
          <span className="poll-sortable__text" data-testid="ranked-option">
            {option.text}
          </span>
        </>
      )}
    />
  );
}
