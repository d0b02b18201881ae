/**
 * A date field: a button showing the date (or a placeholder) that opens react-day-picker's calendar in a Radix
 * Popover, with 'Clear Date' to empty it. react-day-picker gives the accessible grid (arrow keys move by day, Page
 * Up/Down by month); its own stylesheet is scoped to `.rdp-*` and coloured here with the admin's maroon.
 */
import { useState, type CSSProperties } from 'react';
import { format } from 'date-fns/format';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const ACCENT = {
  '--rdp-accent-color': '#7f1d1d',
  '--rdp-accent-background-color': '#fdf2f2',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.4rem',
  '--rdp-day_button-width': '2.4rem',
} as CSSProperties;

export function DatePicker({
  id,
  value,
  onChange,
  placeholder = 'Pick a date',
}: {
  id?: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button id={id} type="button" variant="secondary" className="min-w-52 justify-start font-normal">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
          {value ? format(value, 'PPP') : <span className="text-stone-600">{placeholder}</span>}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-auto p-3">
        <DayPicker
          mode="single"
          selected={value ?? undefined}
          defaultMonth={value ?? undefined}
          onSelect={(d) => {
            onChange(d ?? null);
            setOpen(false);
          }}
          style={ACCENT}
        />
        <div className="mt-2 flex justify-end border-t border-stone-200 pt-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={!value}
            onClick={() => {
              onChange(null);
              setOpen(false);
            }}
          >
            Clear Date
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
