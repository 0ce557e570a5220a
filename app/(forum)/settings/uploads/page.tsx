import type { Metadata } from "next";
import Link from "next/link";
import { FormPage } from "@/components/forms/form-page";
import { MyUploadList } from "@/components/uploads/my-upload-list";
import { Pagination } from "@/components/ui/pagination";
import { requireViewer } from "@/lib/session/session";
import { readPageParam } from "@/lib/views/page-data";
import { loadMyUploadsPage } from "@/lib/views/upload-view";

export const metadata: Metadata = { title: "Your uploads", robots: { index: false } };

interface MyUploadsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const hrefFor = (page: number) => (page === 1 ? "/settings/uploads" : `/settings/uploads?page=${page}`);

export default async function MyUploadsPage({ searchParams }: MyUploadsPageProps) {
  const page = readPageParam((await searchParams).page);
  const view = await loadMyUploadsPage(await requireViewer(hrefFor(page)), page);
  return (
    <FormPage
      title="Your uploads"
      lead={
        <>
          The images and files you uploaded, newest first. A deleted image leaves “Image removed” in the posts that showed it.{" "}
          <Link href="/settings">Back to settings</Link>
        </>
      }
    >
      <MyUploadList key={page} uploads={view.uploads} count={view.count} />
      <Pagination page={page} totalPages={view.totalPages} hrefFor={hrefFor} />
    </FormPage>
  );
}
