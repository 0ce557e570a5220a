import type { Metadata } from "next";
import { FormPage } from "@/components/forms/form-page";
import { NewGroupForm } from "@/components/group-admin/new-group-form";
import { requireViewer } from "@/lib/session/session";

export const metadata: Metadata = { title: "New community", robots: { index: false } };

export default async function NewGroupPage() {
  await requireViewer("/new-group");
  return (
    <FormPage title="Start a community" lead="You will be its owner: you can add categories and change its look from its settings at any time.">
      <NewGroupForm />
    </FormPage>
  );
}
