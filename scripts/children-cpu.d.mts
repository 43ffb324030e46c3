/** See children-cpu.mjs: CPU of every reaped descendant so far, in ms; undefined where /proc is not there. */
export function childrenCpuMs(): number | undefined;
