/**
 * The form of a typed section (#31): one field per key of its schema (src/lib/sections/schema.ts), labelled and
 * bounded as the schema says, so a new field in the schema is a new field here with no other change. Lists (cards,
 * people, buttons) add, remove and move their items; a picture is uploaded or given by address, with its alt
 * text. A value the schema refuses is outlined, with its message under it (aria-invalid, aria-describedby).
 */
import { useId } from 'react';
import type * as z from '../../lib/zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { FIELD_META, TYPED_SECTIONS, type TypedSectionType } from '../../../lib/sections/schema';
import { ImageUpload } from '../image-upload/ImageUpload';
import { SwitchField } from '../fields';
import { move } from './body-values';

type JsonObject = Record<string, unknown>;
type Def = {
  type: string;
  innerType?: z.ZodMiniType;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  entries?: Record<string, string>;
};
const defOf = (s: z.ZodMiniType) => (s as unknown as { _zod: { def: Def } })._zod.def;
/** The schema under its default and nullable wrappers. */
function bare(s: z.ZodMiniType): Def {
  const d = defOf(s);
  return d.type === 'default' || d.type === 'nullable' ? bare(d.innerType!) : d;
}
const metaOf = (s: z.ZodMiniType) => FIELD_META.get(s as never) ?? { label: '' };

/** The problems of a section's content, by path ('items.1.title'), as the schema words them. */
export function sectionProblems(type: TypedSectionType, content: JsonObject): Map<string, string> {
  const r = (TYPED_SECTIONS[type] as z.ZodMiniType).safeParse(content);
  const out = new Map<string, string>();
  if (!r.success) for (const i of r.error.issues) out.set(i.path.join('.'), i.message);
  return out;
}

interface FieldProps {
  schema: z.ZodMiniType;
  value: unknown;
  onChange: (v: unknown) => void;
  path: string;
  problems: Map<string, string>;
  idPrefix: string;
}

function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {text}
    </p>
  ) : null;
}

function Field({ schema, value, onChange, path, problems, idPrefix }: FieldProps) {
  const id = `${idPrefix}-${path.replace(/\./g, '-')}`;
  const meta = metaOf(schema);
  const def = bare(schema);
  const problem = problems.get(path);
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const describedBy = [meta.hint && hintId, problem && problemId].filter(Boolean).join(' ') || undefined;
  const hint = meta.hint && (
    <p id={hintId} className="mt-1 text-sm text-stone-700">
      {meta.hint}
    </p>
  );
  const common = { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy } as const;

  if (def.type === 'boolean')
    return (
      <div className="md:col-span-2">
        <SwitchField label={meta.label} checked={value === true} onCheckedChange={(v) => onChange(v)} />
        {hint}
      </div>
    );
  if (def.type === 'enum') {
    const options = meta.options ?? Object.fromEntries(Object.keys(def.entries ?? {}).map((k) => [k, k]));
    return (
      <div>
        <Label htmlFor={id}>{meta.label}</Label>
        <NativeSelect
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          {Object.entries(options).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </NativeSelect>
        {hint}
        <Problem id={problemId} text={problem} />
      </div>
    );
  }
  if (def.type === 'object' && def.shape && 'src' in def.shape) {
    // A picture: { src, alt } or null.
    const img = (value && typeof value === 'object' ? value : null) as { src?: string; alt?: string } | null;
    const set = (next: { src: string; alt: string }) => onChange(next.src || next.alt ? next : null);
    return (
      <div className="md:col-span-2">
        <ImageUpload
          id={id}
          label={meta.label}
          folder="content"
          value={img?.src ?? ''}
          onChange={(src) => set({ src, alt: img?.alt ?? '' })}
          alt={img?.alt ?? ''}
          onAltChange={(alt) => set({ src: img?.src ?? '', alt })}
        />
        <Problem id={problemId} text={problems.get(`${path}.src`) ?? problems.get(`${path}.alt`) ?? problem} />
      </div>
    );
  }
  if (def.type === 'array' && def.element) {
    // An item that is not an object (typed as JSON, or stored through the API) is an empty one here.
    const items = Array.isArray(value)
      ? value.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? (x as JsonObject) : {}))
      : [];
    const element = def.element;
    const itemName = meta.item ?? 'item';
    const shape = bare(element).shape ?? {};
    const blank = () => (element as z.ZodMiniType).parse({}) as JsonObject;
    return (
      <fieldset
        className="min-w-0 space-y-3 rounded-md border border-stone-200 p-3 md:col-span-2"
        aria-describedby={describedBy}
      >
        <legend className="px-1 font-semibold">{meta.label}</legend>
        {hint}
        <Problem id={problemId} text={problem} />
        <ol className="space-y-3">
          {items.map((item, i) => (
            <li key={i} className="rounded-md bg-stone-50 p-3" aria-label={`${itemName} ${i + 1}`}>
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <span className="text-sm font-semibold capitalize">
                  {itemName} {i + 1}
                </span>
                <span className="ml-auto flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={i === 0}
                    aria-label={`Move ${itemName} ${i + 1} up`}
                    onClick={() => onChange(move(items, i, -1))}
                  >
                    ↑
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={i === items.length - 1}
                    aria-label={`Move ${itemName} ${i + 1} down`}
                    onClick={() => onChange(move(items, i, 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="danger"
                    aria-label={`Remove ${itemName} ${i + 1}`}
                    onClick={() => onChange(items.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              <div className="grid gap-3 md:grid-cols-2">
                {Object.entries(shape).map(([key, s]) => (
                  <Field
                    key={key}
                    schema={s}
                    value={item[key]}
                    onChange={(v) => onChange(items.map((x, j) => (j === i ? { ...x, [key]: v } : x)))}
                    path={`${path}.${i}.${key}`}
                    problems={problems}
                    idPrefix={idPrefix}
                  />
                ))}
              </div>
            </li>
          ))}
        </ol>
        <Button type="button" size="sm" variant="secondary" onClick={() => onChange([...items, blank()])}>
          Add {itemName}
        </Button>
      </fieldset>
    );
  }
  // A string: a line, or a box for long text and markdown.
  const text = typeof value === 'string' ? value : '';
  return (
    <div className={meta.multiline ? 'md:col-span-2' : undefined}>
      <Label htmlFor={id}>
        {meta.label}
        {meta.markdown ? ' (markdown)' : ''}
      </Label>
      {meta.multiline ? (
        <Textarea {...common} rows={meta.markdown ? 6 : 3} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <Input {...common} value={text} onChange={(e) => onChange(e.target.value)} />
      )}
      {hint}
      <Problem id={problemId} text={problem} />
    </div>
  );
}

export function TypedSectionForm({
  type,
  content,
  onChange,
}: {
  type: TypedSectionType;
  content: JsonObject;
  onChange: (next: JsonObject) => void;
}) {
  const idPrefix = useId();
  const problems = sectionProblems(type, content);
  return (
    <>
      {Object.entries(TYPED_SECTIONS[type].shape)
        .filter(([key]) => key !== 'type')
        .map(([key, schema]) => (
          <Field
            key={key}
            schema={schema as z.ZodMiniType}
            value={content[key]}
            onChange={(v) => onChange({ ...content, [key]: v })}
            path={key}
            problems={problems}
            idPrefix={idPrefix}
          />
        ))}
    </>
  );
}
