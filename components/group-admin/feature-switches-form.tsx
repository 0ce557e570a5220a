"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { unwrapAction } from "@/lib/actions/action-types";
import { setGroupFeatureAction } from "@/lib/actions/group-feature-actions";
import { FormStatus } from "@/components/forms/form-footer";
import { SWITCHABLE_FEATURES, type SwitchableFeature } from "@/lib/schemas/group-feature-schemas";
import "../forms/forms.css";

const LABELS: Record<SwitchableFeature, { title: string; hint: string }> = {
  attached_files: { title: "Uploads", hint: "Members attach images and files to their posts." },
  badges: { title: "Badges and titles", hint: "Badges beside names, and titles members choose from them." },
  rewards: { title: "Tips", hint: "Readers tip posts in the group's tokens." },
  topic_organization: { title: "Tags", hint: "Threads carry the group's tags, and lists filter by them." },
  share_externally: { title: "Sharing", hint: "Share buttons and link previews on other sites." },
};

export interface FeatureSwitchesFormProps {
  groupId: number;
  groupName: string;
  features: Record<SwitchableFeature, boolean>;
}

/** Contract section 20's group features: each switch saves at once and takes effect on every page. */
export function FeatureSwitchesForm({ groupId, groupName, features }: FeatureSwitchesFormProps) {
  const router = useRouter();
  // Each switch shows its new state at once; a refused change puts it back.
  const [shown, setShown] = useState(features);
  const mutation = useMutation({
    mutationFn: (change: { feature: SwitchableFeature; on: boolean }) => unwrapAction(() => setGroupFeatureAction({ groupId, groupName, ...change })),
    onSuccess: () => router.refresh(),
    onError: (_error, change) => setShown((current) => ({ ...current, [change.feature]: !change.on })),
  });
  const flip = (feature: SwitchableFeature, on: boolean) => {
    setShown((current) => ({ ...current, [feature]: on }));
    mutation.mutate({ feature, on });
  };

  return (
    <section className="form-card form-stack" aria-labelledby="feature-switches-title">
      <div>
        <h2 id="feature-switches-title">Features</h2>
        <p className="form-hint">Switching one off hides it everywhere in the community; what members made with it is kept.</p>
      </div>
      <fieldset className="form-fieldset form-stack" disabled={mutation.isPending}>
        <legend className="visually-hidden">Features of this community</legend>
        {SWITCHABLE_FEATURES.map((feature) => (
          <label key={feature} className="form-check">
            <input
              type="checkbox"
              role="switch"
              checked={shown[feature]}
              onChange={(event) => flip(feature, event.target.checked)}
              aria-describedby={`feature-${feature}-hint`}
            />
            <span>
              {LABELS[feature].title}
              <span id={`feature-${feature}-hint`} className="form-hint">
                {" "}
                · {LABELS[feature].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormStatus mutation={mutation} success="Saved." />
    </section>
  );
}
