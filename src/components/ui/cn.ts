/** Joins class names and lets a later Tailwind class win over an earlier one (`cn('px-4', 'px-2')` → `px-2`). */
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
