import type { Metadata } from "next";
import { NewGroupForm } from "@/components/group-admin/new-group-form";
import { requireViewer } from "@/lib/auth/session";
import "@/components/forms/forms.css";

export const metadata: Metadata = { title: "New community", robots: { index: false } };

export default async function NewGroupPage() {
  await requireViewer("/new-group");
  return (
    <main className="form-page">
      <h1>Start a community</h1>
      <p className="form-page-lead">
        You will be its owner: you can add categories and change its look from its settings at any time.
      </p>
      <NewGroupForm />
    </main>
  );
}
