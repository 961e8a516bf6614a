/**
 * The glue between antd's `Upload` (`customRequest`) and a react-query upload mutation: the picked file is
 * sent through the mutation (one request, the app's HTTP client with its CSRF header) and antd is told the
 * outcome. Shared by every file picker (news CSV import, feed files).
 */
import type { UploadProps } from 'antd';

/** A mutation that sends one file. */
export interface FileMutation<T> {
  mutate(file: Blob, callbacks: { onSuccess: (answer: T) => void; onError: (error: unknown) => void }): void;
}

/** `customRequest` for an antd `Upload` that sends the picked file through `mutation`. */
export function uploadThrough<T>(mutation: FileMutation<T>): NonNullable<UploadProps['customRequest']> {
  return ({ file, onSuccess, onError }) => {
    mutation.mutate(file as Blob, {
      onSuccess: (answer) => onSuccess?.(answer),
      onError: (error) => onError?.(error as Error),
    });
  };
}
