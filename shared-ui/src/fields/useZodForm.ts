import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A react-hook-form instance validated by a zod schema; errors show once a field has been left. */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues?: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onTouched',
  });
}
