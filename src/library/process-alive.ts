/** Whether a process still runs (one that is not ours to signal still counts): what a file named by its pid is kept for. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
