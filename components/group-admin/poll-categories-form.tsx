"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { toCategoryOptions } from "@/components/editor/category-options";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { unwrapAction } from "@/lib/actions/action-types";
import { setPollCategoriesAction } from "@/lib/actions/poll-actions";
import type { CategoryView } from "@/lib/views/group-view";
import "../forms/forms.css";

export interface PollCategoriesFormProps {
  groupId: number;
  categories: CategoryView[];
  /** The categories whose new threads must carry a poll now. */
  selected: number[];
}

/** Group settings' poll_category: the categories where a new thread must carry a poll. */
export function PollCategoriesForm({ groupId, categories, selected }: PollCategoriesFormProps) {
  const router = useRouter();
  const [chosen, setChosen] = useState(() => new Set(selected));
  const mutation = useMutation({
    mutationFn: (categoryIds: number[]) => unwrapAction(() => setPollCategoriesAction({ groupId, categoryIds })),
    onSuccess: () => router.refresh(),
  });
  if (categories.length === 0) return null;

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate([...chosen]);
  }

  return (
    <section className="form-card form-stack" aria-labelledby="poll-categories-title">
      <div>
        <h2 id="poll-categories-title">Polls required</h2>
        <p className="form-hint">A new thread in a ticked category must carry at least one poll, for proposals and decisions.</p>
      </div>
      <form className="form-stack" onSubmit={handleSubmit} noValidate aria-label="Categories that need a poll">
        <fieldset className="form-fieldset form-stack">
          <legend className="visually-hidden">Categories whose new threads need a poll</legend>
          {toCategoryOptions(categories).map((category) => (
            <label key={category.id} className="form-check" style={{ paddingInlineStart: `${category.depth * 20}px` }}>
              <input type="checkbox" checked={chosen.has(category.id)} onChange={(event) => toggle(category.id, event.target.checked)} />
              {category.name}
            </label>
          ))}
        </fieldset>
        <FormStatus mutation={mutation} success="Saved: the composer asks for a poll in these categories." />
        <FormActions busy={mutation.isPending} label="Save poll categories" busyLabel="Saving…" />
      </form>
    </section>
  );
}
