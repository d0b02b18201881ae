// Runs one Supabase Edge Function entry point under Deno as the hosted Edge Runtime does, on a port of its own:
// `deno run … tests/deno/serve.ts <file URL of supabase/functions/<name>/index.ts>`. The entry calls Deno.serve(handler)
// with no options (the platform chooses the port); here that call listens on 127.0.0.1 at a free port and prints it,
// so the Node tests know where to send their requests. Nothing else of the function is changed.
type Handler = (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const serve = Deno.serve;
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (handler: Handler) =>
    serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        onListen: ({ port }) => console.log(`listening on ${port}`),
      },
      handler,
    ),
});
await import(Deno.args[0]);
