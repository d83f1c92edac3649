// Preloaded with NODE_OPTIONS="--import …" by the bench's profile part (Node refuses --cpu-prof in
// NODE_OPTIONS). Profiles only the measured window: sampling starts when $BENCH_CPU_PROFILE_DIR/start
// appears and stops, writing <pid>.cpuprofile there, when $BENCH_CPU_PROFILE_DIR/stop appears.
import fs from "node:fs";
import path from "node:path";
import { Session } from "node:inspector";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let state = "waiting";
  const timer = setInterval(() => {
    if (state === "waiting" && fs.existsSync(path.join(dir, "start"))) {
      state = "profiling";
      session.post("Profiler.enable");
      session.post("Profiler.setSamplingInterval", { interval: 250 });
      session.post("Profiler.start");
    } else if (state === "profiling" && fs.existsSync(path.join(dir, "stop"))) {
      state = "done";
      clearInterval(timer);
      session.post("Profiler.stop", (error, result) => {
        if (!error) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
        fs.writeFileSync(path.join(dir, "written"), "");
      });
    }
  }, 50);
  timer.unref();
}
