export function App() {
  return (
    <main className="p-6 font-sans">
      <h1 className="text-2xl font-semibold">prunescope</h1>
      <p>See what an agent loses when its conversation is pruned.</p>
    </main>
  );
}
