import { FormField } from "@/components/forms/form-field";
import type { CategoryOption } from "./category-options";

export interface CategorySelectFieldProps {
  label: string;
  /** The first option, meaning "no category" or "top level". */
  emptyLabel: string;
  categories: CategoryOption[];
  value: string;
  onChange: (value: string) => void;
}

/** An optional category picker; children are indented under their parent. */
export function CategorySelectField({ label, emptyLabel, categories, value, onChange }: CategorySelectFieldProps) {
  return (
    <FormField label={label} optional>
      {(control) => (
        <select {...control} className="form-select" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{emptyLabel}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {`${"\u00a0\u00a0".repeat(category.depth)}${category.name}`}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
