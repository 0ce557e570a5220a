"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { FormActions, FormStatus } from "@/components/forms/form-footer";
import { FormField } from "@/components/forms/form-field";
import { TextField } from "@/components/forms/text-field";
import { UserAvatar } from "@/components/wallet/user-avatar";
import { unwrapAction } from "@/lib/actions/action-types";
import { clearNftAvatarAction, setNftAvatarAction } from "@/lib/actions/linked-wallet-actions";
import type { AccountView } from "@/lib/views/account-view";
import "../forms/forms.css";
import "./profile.css";

export interface NftAvatarFormProps {
  username: string;
  current: AccountView["nftAvatar"];
  chains: number[];
}

/** Picks an NFT one of the account's wallets holds as the avatar (contract section 19); the server checks the holding. */
export function NftAvatarForm({ username, current, chains }: NftAvatarFormProps) {
  const router = useRouter();
  const [values, setValues] = useState({ chainId: String(current?.chainId ?? chains[0] ?? ""), contract: "", tokenId: "" });
  const clear = useActionRun();
  const save = useMutation({
    mutationFn: () =>
      unwrapAction(() => setNftAvatarAction({ chainId: Number(values.chainId), contract: values.contract.trim(), tokenId: values.tokenId.trim() })),
    onSuccess: () => {
      setValues({ ...values, contract: "", tokenId: "" });
      router.refresh();
    },
  });
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  return (
    <form
      className="form-card form-stack"
      aria-labelledby="nft-avatar-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="nft-avatar-title">NFT avatar</h2>
      {current ? (
        <div className="nft-avatar-current" data-testid="nft-avatar-current">
          <UserAvatar name={username || "?"} image={current.preview} size={56} />
          <p>
            Token {current.tokenId} of <span className="signin-address">{current.contract}</span> on chain {current.chainId}
            {current.preview ? "" : " (its picture could not be read, so your photo stays)"}.
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={clear.pending}
            onClick={() =>
              clear.run(
                () => clearNftAvatarAction(undefined),
                () => router.refresh(),
              )
            }
          >
            Stop using it
          </button>
          <ActionError error={clear.error} />
        </div>
      ) : (
        <p className="form-hint">Show an NFT one of your wallets holds (ERC-721 or ERC-1155). It is checked again from time to time.</p>
      )}
      {chains.length === 0 ? (
        <p className="muted">This forum reads no chains, so NFT avatars are off.</p>
      ) : (
        <>
          <FormField label="Chain">
            {(control) => (
              <select {...control} className="form-input" value={values.chainId} onChange={set("chainId")}>
                {chains.map((chain) => (
                  <option key={chain} value={chain}>
                    {chain}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField label="Contract address" name="nft-contract" placeholder="0x…" spellCheck={false} value={values.contract} onChange={set("contract")} />
          <TextField label="Token id" name="nft-token" inputMode="numeric" value={values.tokenId} onChange={set("tokenId")} />
          <FormStatus mutation={save} success="Your NFT avatar is set." />
          <FormActions busy={save.isPending} label="Use as avatar" busyLabel="Checking your wallets…" />
        </>
      )}
    </form>
  );
}
