"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { FormStatus } from "@/components/forms/form-footer";
import { unwrapAction } from "@/lib/actions/action-types";
import { deleteAccountAction } from "@/lib/actions/account-actions";
import "../forms/forms.css";
import "./profile.css";

/** Settings' "Delete my account" (contract section 20): the username typed to confirm, posts kept or emptied; then signed out, home. */
export function DeleteAccountSection({ username }: { username: string }) {
  const router = useRouter();
  const confirmId = useId();
  const [confirm, setConfirm] = useState("");
  const [keepPosts, setKeepPosts] = useState(true);
  const mutation = useMutation({
    mutationFn: () => unwrapAction(() => deleteAccountAction({ confirm, keepPosts })),
    onSuccess: async () => {
      // The session's token is gone already; this clears the cookie. next-auth's client loads only here.
      const { signOut } = await import("next-auth/react");
      await signOut({ redirect: false });
      router.replace("/");
      router.refresh();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }
  return (
    <form className="form-card form-stack delete-account" aria-labelledby="delete-account-title" onSubmit={submit}>
      <h2 id="delete-account-title">Delete my account</h2>
      <p>This cannot be undone.</p>
      <ul className="delete-account__facts">
        <li>
          <strong>Goes:</strong> your wallets, sign-ins on every device, profile (name, photo, cover, bio, email, settings), drafts, bookmarks, follows,
          notifications and every file you uploaded (images in your posts show as removed).
        </li>
        <li>
          <strong>Stays:</strong> your posts and threads, with their replies, shown as by “deleted user”; your likes and votes still count. Your username is
          free for anyone to take.
        </li>
        <li>
          <strong>Communities you own</strong> pass to their longest-serving admin, else moderator, else earliest member. One with nobody else in it is left
          without an owner until a site admin names one.
        </li>
      </ul>
      <fieldset className="form-fieldset form-stack">
        <legend className="form-label">Your posts</legend>
        <label className="form-check">
          <input type="radio" name="keep-posts" checked={keepPosts} onChange={() => setKeepPosts(true)} />
          Keep what they say, shown as by “deleted user”
        </label>
        <label className="form-check">
          <input type="radio" name="keep-posts" checked={!keepPosts} onChange={() => setKeepPosts(false)} />
          Empty them: each stays in its place as a deleted post
        </label>
      </fieldset>
      <label className="form-label" htmlFor={confirmId}>
        Type your username, <strong>{username}</strong>, to confirm
      </label>
      <input
        id={confirmId}
        className="form-input"
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          if (mutation.isError) mutation.reset();
        }}
        autoComplete="off"
        spellCheck={false}
      />
      <FormStatus mutation={mutation} />
      <div>
        <button type="submit" className="button button--danger" disabled={mutation.isPending || mutation.isSuccess || confirm !== username}>
          {mutation.isPending || mutation.isSuccess ? "Deleting…" : "Delete my account"}
        </button>
      </div>
    </form>
  );
}
