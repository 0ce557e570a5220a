import { GroupCard } from "@/components/groups/group-card";
import { listGroupDirectory } from "@/lib/db/group-directory";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const groups = await listGroupDirectory();
  return (
    <main className="container">
      <h1>Communities</h1>
      {groups.length === 0 ? (
        <p>No communities yet.</p>
      ) : (
        <ul className="group-list">
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
    </main>
  );
}
