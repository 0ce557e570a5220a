"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { FormError } from "@/components/forms/form-field";
import { UserAvatar } from "@/components/wallet/user-avatar";
import { useActionRun } from "@/components/actions/use-action-run";
import { setUserIgnoredAction } from "@/lib/actions/preference-actions";
import "./profile.css";

export interface IgnoredListProps {
  people: { id: number; username: string; photoUrl: string }[];
}

/** The people the signed-in person ignores, each with Unignore (contract section 17). */
export function IgnoredList({ people }: IgnoredListProps) {
  const router = useRouter();
  const { error, pending, run } = useActionRun();
  const unignore = (userId: number) =>
    run(
      () => setUserIgnoredAction({ userId, ignored: false }),
      () => router.refresh(),
    );

  return (
    <section className="form-card form-stack" aria-labelledby="ignored-title">
      <h2 id="ignored-title">People you ignore</h2>
      <p className="form-hint">
        You get no notifications caused by them and their posts are folded. They are not told. Ignore someone from their profile page.
      </p>
      {people.length === 0 ? (
        <p className="muted" data-testid="ignored-empty">
          You ignore nobody.
        </p>
      ) : (
        <ul className="ignored-list" data-testid="ignored-list">
          {people.map((person) => (
            <li key={person.id} className="ignored-list__item">
              <UserAvatar name={person.username} image={person.photoUrl} size={32} />
              <Link href={`/u/${person.id}`} className="ignored-list__name">
                {person.username}
              </Link>
              <button type="button" className="button button--secondary" disabled={pending} onClick={() => unignore(person.id)}>
                Unignore
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}
