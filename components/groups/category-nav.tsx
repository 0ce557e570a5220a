import Link from "next/link";
import { HashIcon } from "@/components/ui/icons";
import type { CategoryView } from "@/lib/views/group-view";
import "./groups.css";

export interface CategoryNavProps {
  groupName: string;
  categories: CategoryView[];
  /** The category being shown, or null for all threads. */
  activeId: number | null;
}

interface CategoryNode {
  category: CategoryView;
  children: CategoryNode[];
}

// Categories arrive flat in display order; a parent missing from the page is shown at the top.
function buildTree(categories: readonly CategoryView[]): CategoryNode[] {
  const nodes = new Map(categories.map((category) => [category.id, { category, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parentId === null ? undefined : nodes.get(node.category.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function CategoryItems({ nodes, groupName, activeId }: { nodes: CategoryNode[]; groupName: string; activeId: number | null }) {
  return (
    <ul className="category-nav__list">
      {nodes.map(({ category, children }) => (
        <li key={category.id}>
          <Link className="category-nav__link" href={`/g/${groupName}/c/${category.id}`} aria-current={category.id === activeId ? "page" : undefined}>
            <HashIcon /> <span>{category.name}</span>
          </Link>
          {children.length > 0 ? <CategoryItems nodes={children} groupName={groupName} activeId={activeId} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The category tree: a sidebar on wide screens, a disclosure above the threads on phones (no JS). */
export function CategoryNav({ groupName, categories, activeId }: CategoryNavProps) {
  return (
    <nav className="category-nav" aria-label="Categories">
      <details className="category-nav__details">
        <summary className="category-nav__summary">Categories</summary>
        <h2 className="category-nav__heading">Categories</h2>
        <ul className="category-nav__list">
          <li>
            <Link className="category-nav__link" href={`/g/${groupName}`} aria-current={activeId === null ? "page" : undefined}>
              <span>All threads</span>
            </Link>
          </li>
        </ul>
        {categories.length > 0 ? (
          <CategoryItems nodes={buildTree(categories)} groupName={groupName} activeId={activeId} />
        ) : (
          <p className="category-nav__empty">No categories yet.</p>
        )}
      </details>
    </nav>
  );
}
