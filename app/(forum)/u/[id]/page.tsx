import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { ProfileHeader } from "@/components/users/profile-header";
import { UserPostList } from "@/components/users/user-post-list";
import { ProfileBadges } from "@/components/badges/profile-badges";
import { getProfile, getProfileBadges, readPageParam } from "@/lib/views/page-data";
import { loadProfilePosts, loadProfileRelation } from "@/lib/views/profile-view";

interface ProfilePageProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProfilePageProps): Promise<Metadata> {
  const profile = await getProfile((await params).id);
  return {
    title: profile.username,
    description: profile.bio || `${profile.username}'s posts on Agora.`,
    alternates: { canonical: `/u/${profile.id}` },
  };
}

export default async function ProfilePage({ params, searchParams }: ProfilePageProps) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const profile = await getProfile(id);
  const page = readPageParam(query.page);
  const [{ posts, totalPages }, relation, badges] = await Promise.all([
    loadProfilePosts(profile, page),
    loadProfileRelation(profile),
    getProfileBadges(profile.id),
  ]);
  const basePath = `/u/${profile.id}`;
  return (
    <main className="page">
      <ProfileHeader profile={profile} relation={relation} />
      <ProfileBadges badges={badges} />
      <section className="profile-posts" aria-labelledby="profile-posts-heading">
        <h2 id="profile-posts-heading" className="section-heading">
          Posts
        </h2>
        {posts.length > 0 ? (
          <UserPostList posts={posts} />
        ) : (
          <EmptyState title={page > 1 ? "No posts on this page" : `${profile.username} has not posted yet`}>
            <p>{page > 1 ? "Go back to the first page to see the latest posts." : "Posts and replies will show up here."}</p>
          </EmptyState>
        )}
        <Pagination page={page} totalPages={totalPages} hrefFor={(n) => (n === 1 ? basePath : `${basePath}?page=${n}`)} />
      </section>
    </main>
  );
}
