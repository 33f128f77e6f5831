import { z } from "zod";

// zod probes for `new Function` to compile fast validators; the page's Content
// Security Policy forbids eval, so validate without it (and without the console noise).
z.config({ jitless: true });
