export interface CategoryOption {
  id: number;
  name: string;
  /** 0 for a top-level category, 1 for its children, and so on. */
  depth: number;
}

interface CategoryLike {
  id: number;
  name: string;
  parentId: number | null;
}

/** Categories in tree order (each parent followed by its children) with their depth, for a select. */
export function toCategoryOptions(categories: readonly CategoryLike[]): CategoryOption[] {
  const children = new Map<number, CategoryLike[]>();
  const ids = new Set(categories.map((category) => category.id));
  const roots: CategoryLike[] = [];
  for (const category of categories) {
    const parent = category.parentId;
    if (parent !== null && ids.has(parent)) {
      children.set(parent, [...(children.get(parent) ?? []), category]);
    } else {
      roots.push(category);
    }
  }
  const options: CategoryOption[] = [];
  const visit = (category: CategoryLike, depth: number) => {
    options.push({ id: category.id, name: category.name, depth });
    for (const child of children.get(category.id) ?? []) visit(child, depth + 1);
  };
  roots.forEach((root) => visit(root, 0));
  return options;
}
