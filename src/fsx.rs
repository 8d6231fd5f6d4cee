//! File system edge: bounded reads, atomic writes (temp + rename), whole folders made
//! atomically, and the campaign lock. Nothing here decides anything about a game.
//!
//! Flushes are where the commit protocol needs them and no more: every file and folder
//! of a new folder before the rename that commits it, its parent after. They are the
//! slowest thing dikast does (milliseconds each on a busy disk), so a new folder's (and
//! those of the files and folders beside it that it commits, `NewDir::write_beside`) are
//! made together, once, at the commit. When little else waits to be written on the
//! machine, that is one flush of the whole file system (`Whole`, `syncfs`, Linux): the
//! disk's cache is flushed once instead of once a file. Otherwise each file and folder
//! is flushed (`fsync`) on a few threads (`Flushes`), and each file's writeback is
//! started as it is written (`start_writeback`, Linux), so that the flushes find its
//! bytes on their way. The lock file is not flushed (it only matters while its process
//! lives; see `Lock`).
//!
//! Every step that changes the disk (make a folder, create, write or fsync a file, fsync
//! a folder, rename, remove) goes through `step`, so that a test can make any one of
//! them fail (`DIKAST_TEST_FAIL_STEP=n` fails the n-th) and show that a failed run
//! leaves a campaign exactly as it was.

use crate::error::Failure;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The environment variable of the failure-injection hook (tests only): the number of
/// the disk-changing step to fail, counted from 1 in each process.
pub const FAIL_STEP_ENV: &str = "DIKAST_TEST_FAIL_STEP";

static STEPS: AtomicUsize = AtomicUsize::new(0);

/// Counts one disk-changing step and fails it when the hook asks for it.
fn step(what: &str, path: &Path) -> io::Result<()> {
    let n = STEPS.fetch_add(1, Ordering::SeqCst) + 1;
    let fail = std::env::var(FAIL_STEP_ENV)
        .ok()
        .and_then(|v| v.parse::<usize>().ok());
    if fail == Some(n) {
        return Err(io::Error::other(format!(
            "injected failure at step {n} ({what} {})",
            path.display()
        )));
    }
    Ok(())
}

/// `fs::create_dir_all`, one step.
pub fn mkdir(path: &Path) -> Result<(), Failure> {
    step("mkdir", path)
        .and_then(|_| fs::create_dir_all(path))
        .map_err(|e| Failure::io(path, "create", e))
}

/// `fs::rename`, one step.
pub fn rename(from: &Path, to: &Path) -> Result<(), Failure> {
    step("rename", to)
        .and_then(|_| fs::rename(from, to))
        .map_err(|e| Failure::io(to, "move into place", e))
}

/// Removes an empty folder, one step.
pub fn remove_empty_dir(path: &Path) -> Result<(), Failure> {
    step("rmdir", path)
        .and_then(|_| fs::remove_dir(path))
        .map_err(|e| Failure::io(path, "remove", e))
}

/// A folder's entries made durable (fsync of the folder itself), one step.
pub fn sync_dir(path: &Path) -> Result<(), Failure> {
    step("fsync", path)
        .and_then(|_| fs::File::open(path)?.sync_all())
        .map_err(|e| Failure::io(path, "flush", e))
}

/// Several folders' entries made durable at once (one step each, in the order given):
/// the flushes are issued together and awaited together.
pub fn sync_dirs(paths: &[&Path]) -> Result<(), Failure> {
    let flushes = Flushes::default();
    for p in paths {
        step("fsync", p).map_err(|e| Failure::io(p, "flush", e))?;
        match fs::File::open(p) {
            Ok(f) => flushes.start(p, f),
            Err(e) => {
                let _ = flushes.wait();
                return Err(Failure::io(p, "flush", e));
            }
        }
    }
    flushes.wait()
}

/// A new file with these bytes, flushed to the disk: three steps (create, write, fsync).
fn create_synced(path: &Path, bytes: &[u8], private: bool) -> io::Result<()> {
    create_unsynced(path, bytes, private, false)?.sync_all()
}

/// A new file with these bytes, its flush counted as a step but left to the caller: the
/// same three steps as `create_synced`, in the same order. `kick`: its writeback is
/// started at once (`start_writeback`).
fn create_unsynced(path: &Path, bytes: &[u8], private: bool, kick: bool) -> io::Result<fs::File> {
    let mut f = create_counted(path, private)?;
    write_counted(&mut f, path, bytes, kick)?;
    Ok(f)
}

/// The first of `create_unsynced`'s steps: the new, empty file.
fn create_counted(path: &Path, private: bool) -> io::Result<fs::File> {
    step("create", path)?;
    open_new(path, private)
}

/// The rest of `create_unsynced`'s steps: the bytes written, the flush counted.
fn write_counted(f: &mut fs::File, path: &Path, bytes: &[u8], kick: bool) -> io::Result<()> {
    step("write", path)?;
    f.write_all(bytes)?;
    if kick {
        start_writeback(f);
    }
    step("fsync", path)
}

/// Asks the kernel to start writing a file's bytes to the disk now, without waiting: the
/// flush at the commit then finds them on their way. Linux only; elsewhere nothing.
fn start_writeback(f: &fs::File) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: a plain syscall on an open descriptor we own; its result is advisory.
        unsafe {
            libc::sync_file_range(f.as_raw_fd(), 0, 0, libc::SYNC_FILE_RANGE_WRITE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = f;
}

/// Flushes issued together and awaited together: a disk serves concurrent flushes at
/// once, so a folder of ten files costs a few flushes' time instead of ten in a row.
/// They run at `wait` on at most `FLUSH_THREADS` threads, the calling one included: a
/// thread costs about as much CPU as the flush it waits for (issue 14's profile), so a
/// thread per flush bought wall time with the CPU the flushes themselves take.
#[derive(Default)]
struct Flushes {
    pending: std::sync::Mutex<Vec<(PathBuf, fs::File)>>,
}

/// The most threads a round of flushes runs on, the calling thread one of them. Measured
/// on a mid-game turn (a round of 13 flushes, then one): each thread more costs about
/// 0.1 ms of CPU; on this project's virtual disk 12 flushes took 3.0–3.8 ms one after
/// the other, 2.2–2.6 ms on two threads (once 4.4) and 1.4–1.7 ms on four, no less on
/// six or twelve (the disk serves about four at once), and a whole `adjudicate` was 0.5
/// to 1 ms faster with four than with two (docs/performance.md, run I). Four is the
/// trade.
const FLUSH_THREADS: usize = 4;

/// The stack of a flush thread: it calls `fsync` and stores the result, nothing more.
const FLUSH_STACK: usize = 64 * 1024;

impl Flushes {
    fn start(&self, path: &Path, f: fs::File) {
        self.pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((path.to_path_buf(), f));
    }
    /// Forgets the flushes not run (their files are closed unflushed).
    fn discard(&self) {
        self.pending
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }
    /// Runs every flush started and waits for them; the first (in the order they were
    /// started) that failed is the error.
    fn wait(&self) -> Result<(), Failure> {
        let all: Vec<(PathBuf, fs::File)> =
            std::mem::take(&mut *self.pending.lock().unwrap_or_else(|p| p.into_inner()));
        let k = FLUSH_THREADS.clamp(1, all.len().max(1));
        // Flush i runs on thread i % k and leaves its result in slot i. The threads
        // allocate nothing when all goes well (no heap of their own for the allocator to
        // set up) and get small stacks: a flush needs little of either.
        let slots: Vec<std::sync::OnceLock<io::Result<()>>> =
            all.iter().map(|_| std::sync::OnceLock::new()).collect();
        let run = |share: usize| {
            for (i, (_, f)) in all.iter().enumerate().skip(share).step_by(k) {
                let _ = slots[i].set(f.sync_all());
            }
        };
        std::thread::scope(|s| {
            // A share whose thread cannot be had runs here, after the calling thread's own.
            let others: Vec<Result<_, usize>> = (1..k)
                .map(|share| {
                    std::thread::Builder::new()
                        .stack_size(FLUSH_STACK)
                        .spawn_scoped(s, move || run(share))
                        .map_err(|_| share)
                })
                .collect();
            run(0);
            for h in others {
                match h {
                    Ok(h) => {
                        let _ = h.join();
                    }
                    Err(share) => run(share),
                }
            }
        });
        // The first flush that failed, in the order they were started.
        let failed = slots
            .into_iter()
            .enumerate()
            .find_map(|(i, r)| match r.into_inner() {
                Some(Ok(())) => None,
                Some(Err(e)) => Some((i, e)),
                None => Some((i, io::Error::other("the flush thread stopped"))),
            });
        match failed {
            Some((i, e)) => {
                let p = all
                    .get(i)
                    .map(|(p, _)| p.as_path())
                    .unwrap_or(Path::new("?"));
                Err(Failure::io(p, "flush", e))
            }
            None => Ok(()),
        }
    }
}

/// A new, empty file; a private one is created with mode 0600, so that no one else can
/// read it at any moment (not 0644 first, then changed).
fn open_new(path: &Path, private: bool) -> io::Result<fs::File> {
    let mut o = fs::OpenOptions::new();
    o.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(if private { 0o600 } else { 0o666 });
    }
    #[cfg(not(unix))]
    let _ = private;
    o.open(path)
}

/// Reads at most `yaml::MAX_GAME_BYTES` (+1 to tell a larger file) without loading a
/// huge file whole. (`yaml::decode` then holds a file a person wrote to the smaller
/// `yaml::MAX_FILE_BYTES`.)
pub fn read_limited(path: &Path) -> Result<Vec<u8>, Failure> {
    let meta = fs::symlink_metadata(path).map_err(|e| Failure::io(path, "read", e))?;
    if meta.file_type().is_symlink() {
        return Err(Failure::Refused(format!(
            "{} is a symbolic link; dikast reads only plain files inside the campaign",
            path.display()
        )));
    }
    if !meta.is_file() {
        return Err(Failure::Refused(format!(
            "{} is not a file",
            path.display()
        )));
    }
    let f = fs::File::open(path).map_err(|e| Failure::io(path, "read", e))?;
    // Room for the whole file at once (one read where growing from nothing takes ten),
    // never more than the limit allows.
    let limit = crate::yaml::MAX_GAME_BYTES as u64 + 1;
    let mut buf = Vec::with_capacity(meta.len().min(limit) as usize + 1);
    f.take(limit)
        .read_to_end(&mut buf)
        .map_err(|e| Failure::io(path, "read", e))?;
    Ok(buf)
}

fn temp_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Writes a file atomically: a temporary file beside it, flushed, then renamed. Refuses to
/// replace an existing file.
pub fn write_new(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if path.exists() {
        return Err(Failure::Refused(format!(
            "{} already exists; dikast never overwrites a finished file",
            path.display()
        )));
    }
    write_via_temp(path, bytes)
}

/// Replaces a file atomically (a working file such as the mail ledger, never an archived
/// one): a reader or a crash sees the old file or the new one, never half of one.
pub fn replace(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
    }
    write_via_temp(path, bytes)
}

/// Replaces a cache file of the moderator's (`crate::cache`: mode 0600) without a flush:
/// a crash may lose it or leave it torn, which its reader detects and pays for with the
/// work the file would have saved. Not a step of any commit. A plain file of the
/// moderator's own that is there already is overwritten in place (no new file made, no
/// old one freed: the cheapest write there is); anything else (none yet, a link, a
/// file another user may write to) is replaced through a temporary file.
pub fn write_cache(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if overwrite_private(path, bytes).is_ok() {
        return Ok(());
    }
    let tmp = temp_name(path);
    let _ = fs::remove_file(&tmp);
    let res = open_new(&tmp, true)
        .and_then(|mut f| f.write_all(bytes))
        .and_then(|_| fs::rename(&tmp, path));
    if let Err(e) = res {
        let _ = fs::remove_file(&tmp);
        return Err(Failure::io(path, "write", e));
    }
    Ok(())
}

/// Overwrites an existing plain file, mode 0600 and never a link, with these bytes (its
/// length set to theirs). An error when the file is anything else, or is not there.
fn overwrite_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
        let mut f = fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NOFOLLOW)
            .open(path)?;
        let meta = f.metadata()?;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if !meta.is_file() || meta.mode() & 0o7777 != 0o600 || meta.uid() != me {
            return Err(io::Error::other("not a private file of ours"));
        }
        f.write_all(bytes)?;
        if meta.len() != bytes.len() as u64 {
            f.set_len(bytes.len() as u64)?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = (path, bytes);
        Err(io::Error::other("replaced through a temporary file"))
    }
}

/// A temporary file beside `path`, written and flushed, then renamed over it, and the
/// folder flushed.
fn write_via_temp(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let tmp = temp_name(path);
    let _ = fs::remove_file(&tmp);
    let res = (|| {
        create_synced(&tmp, bytes, false)?;
        step("rename", path)?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = res {
        let _ = fs::remove_file(&tmp);
        return Err(Failure::io(path, "write", e));
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        sync_dir(parent)?;
    }
    Ok(())
}

/// Whether a name is one of dikast's temporary names (`.<name>.tmp-<pid>`): a leftover of
/// a run that stopped, never part of an archive.
pub fn is_temp_name(name: &str) -> bool {
    name.starts_with('.') && name.contains(".tmp-")
}

/// A folder built under a temporary name and renamed into place when complete, so a
/// crash never leaves half a turn.
pub struct NewDir {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
    /// The flushes of the files written, awaited at the commit.
    flushes: Flushes,
    /// Files written beside the folder (`write_beside`), removed if it is not committed.
    beside: std::cell::RefCell<Vec<PathBuf>>,
    /// Folders outside it flushed with it (`flush_with_commit`).
    also: std::cell::RefCell<Vec<PathBuf>>,
    /// The file system it is made on, opened before its first file (`Whole`).
    whole: Option<Whole>,
}

impl NewDir {
    pub fn create(dest: &Path) -> Result<NewDir, Failure> {
        if dest.exists() {
            return Err(Failure::Refused(format!(
                "{} already exists; dikast never overwrites a finished turn",
                dest.display()
            )));
        }
        let tmp = temp_name(dest);
        let _ = fs::remove_dir_all(&tmp);
        if let Some(parent) = dest.parent().filter(|p| !p.as_os_str().is_empty()) {
            if !parent.exists() {
                mkdir(parent)?;
            }
        }
        let nd = NewDir {
            whole: little_unwritten()
                .then(|| {
                    Whole::open(
                        dest.parent()
                            .filter(|p| !p.as_os_str().is_empty())
                            .unwrap_or(Path::new(".")),
                    )
                })
                .flatten(),
            tmp,
            dest: dest.to_path_buf(),
            done: false,
            flushes: Flushes::default(),
            beside: Default::default(),
            also: Default::default(),
        };
        step("mkdir", &nd.tmp)
            .and_then(|_| fs::create_dir(&nd.tmp))
            .map_err(|e| Failure::io(&nd.tmp, "create", e))?;
        Ok(nd)
    }
    pub fn path(&self) -> &Path {
        &self.tmp
    }
    /// Makes a folder inside (relative path).
    pub fn mkdir(&self, rel: &str) -> Result<(), Failure> {
        let p = self.tmp.join(rel);
        if p.exists() {
            return Ok(());
        }
        mkdir(&p)
    }
    /// Makes a folder inside that only its owner may enter (mode 0700 from the start).
    pub fn mkdir_private(&self, rel: &str) -> Result<(), Failure> {
        let p = self.tmp.join(rel);
        let mut b = fs::DirBuilder::new();
        #[cfg(unix)]
        {
            use std::os::unix::fs::DirBuilderExt;
            b.mode(0o700);
        }
        step("mkdir", &p)
            .and_then(|_| b.create(&p))
            .map_err(|e| Failure::io(&p, "create", e))
    }
    /// Writes a file inside the folder (relative path), flushed to the disk.
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Failure> {
        self.write_as(rel, bytes, false)
    }
    /// Writes a file only its owner may read (mode 0600 from its first byte).
    pub fn write_private(&self, rel: &str, bytes: &[u8]) -> Result<(), Failure> {
        self.write_as(rel, bytes, true)
    }
    fn write_as(&self, rel: &str, bytes: &[u8], private: bool) -> Result<(), Failure> {
        let p = self.tmp.join(rel);
        if let Some(parent) = p.parent() {
            if !parent.exists() {
                mkdir(parent)?;
            }
        }
        let f = create_unsynced(&p, bytes, private, self.whole.is_none())
            .map_err(|e| Failure::io(&p, "write", e))?;
        self.flushes.start(&p, f);
        Ok(())
    }
    /// Writes a new file outside the folder, in a folder that exists, flushed with the
    /// commit like the folder's own files; it is removed again if the folder is never
    /// committed. (Whatever makes it count only once the folder is in place, a name of
    /// its own for instance, is the caller's.) Its folder's entry is flushed with the
    /// commit too.
    pub fn write_beside(&self, path: &Path, bytes: &[u8]) -> Result<(), Failure> {
        let io = |e| Failure::io(path, "write", e);
        let mut f = create_counted(path, false).map_err(io)?;
        // Ours from here: removed if the folder is not committed.
        self.beside.borrow_mut().push(path.to_path_buf());
        write_counted(&mut f, path, bytes, self.whole.is_none()).map_err(io)?;
        self.flushes.start(path, f);
        if let Some(dir) = path.parent() {
            self.flush_with_commit(dir);
        }
        Ok(())
    }
    /// An existing folder outside this one whose entries must be durable before the
    /// commit (its flush runs with the folder's own).
    pub fn flush_with_commit(&self, dir: &Path) {
        let mut also = self.also.borrow_mut();
        if !also.iter().any(|d| d == dir) {
            also.push(dir.to_path_buf());
        }
    }
    /// Renames the folder into place: the one step that makes it appear, whole. Every
    /// folder in it (and every folder given to `flush_with_commit`) is flushed first,
    /// and its parent after.
    pub fn commit(mut self) -> Result<PathBuf, Failure> {
        if self.dest.exists() {
            return Err(Failure::Refused(format!(
                "{} appeared meanwhile; nothing was overwritten",
                self.dest.display()
            )));
        }
        // Every file's and every folder's flush (all issued at once: none needs another
        // first), all done before the rename.
        let mut dirs = Vec::new();
        tree_dirs(&self.tmp, &mut dirs)?;
        dirs.extend(self.also.borrow().iter().cloned());
        // One flush of the whole file system when it holds everything to flush and
        // little else is waiting to be written; else each file and folder its own.
        let whole = self
            .whole
            .as_ref()
            .filter(|w| w.holds(&self.flushes, &self.also.borrow()));
        for d in &dirs {
            step("fsync", d).map_err(|e| Failure::io(d, "flush", e))?;
            if whole.is_none() {
                let f = fs::File::open(d).map_err(|e| Failure::io(d, "flush", e))?;
                self.flushes.start(d, f);
            }
        }
        match whole {
            Some(w) => {
                self.flushes.discard();
                w.sync(&self.tmp)?;
            }
            None => self.flushes.wait()?,
        }
        rename(&self.tmp, &self.dest)?;
        self.done = true;
        if let Some(parent) = self.dest.parent().filter(|p| !p.as_os_str().is_empty()) {
            if let Err(e) = sync_dir(parent) {
                // Not made durable: undone, so that the run fails as if nothing happened.
                let _ = fs::rename(&self.dest, &self.tmp);
                self.done = false;
                return Err(e);
            }
        }
        Ok(self.dest.clone())
    }
}

/// The most bytes the machine may have waiting to be written (`Dirty` and `Writeback`
/// in /proc/meminfo) for a commit to flush the whole file system instead of each of its
/// files and folders. A whole flush writes everything waiting on that file system,
/// other programs' too: with a few MiB at most it costs a few milliseconds more at
/// worst, and with only dikast's own files it is the cheapest durable commit (one
/// flush of the disk's cache where each file's `fsync` makes its own; on this project's
/// disk 1.7 ms against 3.7 ms for a mid-game turn, docs/performance.md, run K).
const WHOLE_FLUSH_MAX_UNWRITTEN: u64 = 4 << 20;

/// Whether little is waiting to be written on the machine (see
/// `WHOLE_FLUSH_MAX_UNWRITTEN`); false when it cannot be told.
fn little_unwritten() -> bool {
    #[cfg(target_os = "linux")]
    {
        fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| unwritten_bytes(&text))
            .is_some_and(|n| n <= WHOLE_FLUSH_MAX_UNWRITTEN)
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// The bytes waiting to be written by the text of /proc/meminfo (`Dirty` and
/// `Writeback`, in kB); `None` unless it has both, readable.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn unwritten_bytes(meminfo: &str) -> Option<u64> {
    let mut total = 0u64;
    let mut seen = 0;
    for line in meminfo.lines() {
        let Some((key, rest)) = line.split_once(':') else {
            continue;
        };
        if key == "Dirty" || key == "Writeback" {
            let kib: u64 = rest.trim().strip_suffix("kB")?.trim().parse().ok()?;
            total = total.saturating_add(kib.saturating_mul(1024));
            seen += 1;
        }
    }
    (seen == 2).then_some(total)
}

/// Whether the running Linux kernel is this release or later (false when it cannot
/// be told).
#[cfg(target_os = "linux")]
fn kernel_at_least(major: u32, minor: u32) -> bool {
    // SAFETY: uname fills the struct it is given; a zeroed utsname is a valid one.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    if unsafe { libc::uname(&mut u) } != 0 {
        return false;
    }
    let release: String = u
        .release
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8 as char)
        .collect();
    release_at_least(&release, major, minor)
}

/// Whether a kernel release (`6.18.44-fc`, `5.8.0`) is this one or later.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn release_at_least(release: &str, major: u32, minor: u32) -> bool {
    let mut parts = release
        .split(|c: char| !c.is_ascii_digit())
        .map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(a), Some(b)) => (a, b) >= (major, minor),
        _ => false,
    }
}

/// A file system flushed whole (`syncfs`, Linux): every file and folder on it written
/// and the disk's cache flushed, in one call. It is opened before the commit's first
/// file is made, so that a failure to write any of them back is reported by `sync` (a
/// file system reports to each open descriptor the write-back errors that happened
/// after it was opened).
struct Whole {
    dir: fs::File,
    dev: u64,
}

impl Whole {
    /// The file system of an existing folder; `None` where there is no `syncfs` that
    /// reports write-back errors (Linux before 5.8 returned success regardless).
    fn open(dir: &Path) -> Option<Whole> {
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::MetadataExt;
            if !kernel_at_least(5, 8) {
                return None;
            }
            let f = fs::File::open(dir).ok()?;
            let dev = f.metadata().ok()?.dev();
            Some(Whole { dir: f, dev })
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = dir;
            None
        }
    }
    /// Whether every file awaiting its flush, and every folder, is on this file system.
    fn holds(&self, flushes: &Flushes, dirs: &[PathBuf]) -> bool {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let on = |m: io::Result<fs::Metadata>| m.is_ok_and(|m| m.dev() == self.dev);
            let pending = flushes.pending.lock().unwrap_or_else(|p| p.into_inner());
            pending.iter().all(|(_, f)| on(f.metadata()))
                && dirs.iter().all(|d| on(fs::metadata(d)))
        }
        #[cfg(not(unix))]
        {
            let _ = (flushes, dirs);
            false
        }
    }
    /// Flushes the whole file system; `at` names it in a failure.
    fn sync(&self, at: &Path) -> Result<(), Failure> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: a plain syscall on an open descriptor we own.
            let r = unsafe { libc::syncfs(self.dir.as_raw_fd()) };
            if r != 0 {
                return Err(Failure::io(at, "flush", io::Error::last_os_error()));
            }
            Ok(())
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = at;
            Err(Failure::io(at, "flush", io::Error::other("no syncfs")))
        }
    }
}

/// Every folder of a tree, deepest first (the order their flushes are counted in).
fn tree_dirs(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let rd = fs::read_dir(dir).map_err(|e| Failure::io(dir, "read", e))?;
    let mut subs: Vec<PathBuf> = rd
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    subs.sort();
    for d in subs {
        tree_dirs(&d, out)?;
    }
    out.push(dir.to_path_buf());
    Ok(())
}

impl Drop for NewDir {
    fn drop(&mut self) {
        // Not committed: its files are removed, not flushed (a commit awaited them all).
        self.flushes.discard();
        if !self.done {
            let _ = fs::remove_dir_all(&self.tmp);
            for p in self.beside.borrow().iter() {
                let _ = fs::remove_file(p);
            }
        }
    }
}

/// The campaign lock: one dikast at a time may change a campaign. The lock file says
/// which process on which host holds it (`pid N`, `host H`), so that a lock left by a
/// dikast that was killed is taken over (with a line saying so) instead of blocking
/// every later run.
pub struct Lock {
    path: PathBuf,
    /// Set when a stale lock was taken over: what the user is told.
    pub took_over: Option<String>,
}

/// This machine's name, as the lock records it.
fn host_name() -> String {
    fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| fs::read_to_string("/etc/hostname"))
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// Whether process `pid` of this host is running; `None` when this system cannot tell.
fn process_alive(pid: u32) -> Option<bool> {
    if cfg!(target_os = "linux") && Path::new("/proc/self").exists() {
        Some(Path::new(&format!("/proc/{pid}")).exists())
    } else {
        None
    }
}

/// The holder a lock file names: pid and host, when it names them.
fn holder(text: &str) -> (Option<u32>, Option<String>) {
    let field = |k: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(k))
            .map(|v| v.trim().to_string())
    };
    (
        field("pid ").and_then(|p| p.parse().ok()),
        field("host ").filter(|h| !h.is_empty()),
    )
}

impl Lock {
    pub fn take(dir: &Path) -> Result<Lock, Failure> {
        let path = dir.join(".dikast").join("lock");
        let me = format!("pid {}\nhost {}\n", std::process::id(), host_name());
        // Not flushed: what it says matters while its process lives or after that
        // process was killed (the page cache keeps it either way). After a crash of the
        // machine it may come back empty, and is then refused like any lock naming no
        // one: the moderator removes it.
        let create = |path: &Path| -> io::Result<()> {
            step("create", path)?;
            let mut f = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)?;
            f.write_all(me.as_bytes())
        };
        match create(&path) {
            Ok(()) => {
                return Ok(Lock {
                    path,
                    took_over: None,
                })
            }
            Err(e) if e.kind() != io::ErrorKind::AlreadyExists => {
                return Err(Failure::io(&path, "create", e))
            }
            Err(_) => {}
        }
        let text = fs::read_to_string(&path).unwrap_or_default();
        let (pid, host) = holder(&text);
        let here = host_name();
        let stale = match (pid, host.as_deref()) {
            (Some(p), Some(h)) if h == here => process_alive(p) == Some(false),
            _ => false,
        };
        let who = match (pid, host.as_deref()) {
            (Some(p), Some(h)) => format!("dikast pid {p} on {h}"),
            (Some(p), None) => format!("dikast pid {p} (host not recorded)"),
            _ => "a dikast that recorded no pid".to_string(),
        };
        if !stale {
            return Err(Failure::Refused(format!(
                "another dikast is working on this campaign ({} exists, held by {who}); if none is running, remove that file",
                path.display()
            )));
        }
        // Taken over by renaming it away (only one of two runs can) and checking that
        // what was renamed is the stale lock read above.
        let aside = path.with_file_name(format!(".lock.stale.tmp-{}", std::process::id()));
        let refused = || {
            Failure::Refused(format!(
                "another dikast is working on this campaign ({} was just taken)",
                path.display()
            ))
        };
        if fs::rename(&path, &aside).is_err() {
            return Err(refused());
        }
        if fs::read_to_string(&aside).unwrap_or_default() != text {
            let _ = fs::rename(&aside, &path);
            return Err(refused());
        }
        let _ = fs::remove_file(&aside);
        match create(&path) {
            Ok(()) => Ok(Lock {
                path: path.clone(),
                took_over: Some(format!(
                    "took over the lock {} of {who}, which is no longer running",
                    path.display()
                )),
            }),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(refused()),
            Err(e) => Err(Failure::io(&path, "create", e)),
        }
    }
}

impl Lock {
    /// `take`, waiting up to `wait` while another running dikast holds the lock (polled
    /// every 100 ms): a campaign still busy then is `Failure::Busy` (exit 75), so that
    /// `dikast receive` behind a mail server has the message kept and retried instead of
    /// bounced. Any other failure is returned at once.
    pub fn take_waiting(dir: &Path, wait: std::time::Duration) -> Result<Lock, Failure> {
        waiting(wait, || match Lock::take(dir) {
            Err(Failure::Refused(m)) if m.starts_with(HELD) => {
                Ok(Err(format!("{m} (waited {} s)", wait.as_secs())))
            }
            other => other.map(Ok),
        })
    }
}

/// Runs `attempt` every 100 ms until it gives its value (`Ok(Ok(v))`) or fails
/// (`Err`); while it says the thing is held (`Ok(Err(why))`) past `wait`, that is
/// `Failure::Busy(why)` (exit 75). What both locks' `take_waiting` share.
fn waiting<T>(
    wait: std::time::Duration,
    mut attempt: impl FnMut() -> Result<Result<T, String>, Failure>,
) -> Result<T, Failure> {
    let start = std::time::Instant::now();
    loop {
        match attempt()? {
            Ok(v) => return Ok(v),
            Err(why) if start.elapsed() >= wait => return Err(Failure::Busy(why)),
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(100)),
        }
    }
}

/// A lock held by an open file, released by the system when its process ends however it
/// ends (nothing stale is ever left): `tick` holds `.dikast/tick.lock` over all its steps,
/// and the commands that mail notices by the moderator's hand hold it while they send, so
/// that two runs never read the same "not sent yet" and send one message twice.
pub struct RunLock {
    _file: fs::File,
}

impl RunLock {
    fn open(path: &Path) -> Result<fs::File, Failure> {
        fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| Failure::io(path, "create", e))
    }

    /// The lock if no one holds it now; `None` while another process holds it
    /// (`flock(2)`, exclusive, not waiting; where there is no `flock`, always taken).
    pub fn try_take(path: &Path) -> Result<Option<RunLock>, Failure> {
        let f = RunLock::open(path)?;
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: flock on a descriptor this function owns, open until `f` drops.
            if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
                let e = io::Error::last_os_error();
                return match e.raw_os_error() {
                    Some(libc::EWOULDBLOCK) => Ok(None),
                    _ => Err(Failure::io(path, "lock", e)),
                };
            }
        }
        Ok(Some(RunLock { _file: f }))
    }

    /// The lock, waiting up to `wait` (polled every 100 ms) while another process holds
    /// it; still held then, `Failure::Busy` naming `what` holds it.
    pub fn take_waiting(
        path: &Path,
        wait: std::time::Duration,
        what: &str,
    ) -> Result<RunLock, Failure> {
        waiting(wait, || {
            Ok(RunLock::try_take(path)?.ok_or_else(|| {
                format!(
                    "{what} ({} is held; waited {} s): try again when it has ended",
                    path.display(),
                    wait.as_secs()
                )
            }))
        })
    }
}

/// How a refusal of the lock to a live holder begins (`Lock::take_waiting` waits on it).
const HELD: &str = "another dikast is working on this campaign";

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_private_file_is_private_from_its_first_byte() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("dikast-fsx-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let nd = NewDir::create(&dir).unwrap();
        nd.mkdir_private(".dikast").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&nd.path().join(".dikast")), 0o700);
        // The file as it is created, before a byte is written.
        let p = nd.path().join(".dikast/secret");
        let f = open_new(&p, true).unwrap();
        assert_eq!(mode(&p), 0o600);
        drop(f);
        fs::remove_file(&p).unwrap();
        nd.write_private(".dikast/secret", b"x").unwrap();
        assert_eq!(mode(&p), 0o600);
        let q = nd.path().join("open");
        drop(open_new(&q, false).unwrap());
        assert_ne!(
            mode(&q) & 0o044,
            0,
            "a plain file is readable as umask allows"
        );
    }

    #[test]
    fn what_waits_to_be_written_is_read_from_meminfo() {
        let text = "MemTotal:  100 kB\nDirty:     12 kB\nWriteback:  3 kB\nOther: 9 kB\n";
        assert_eq!(unwritten_bytes(text), Some(15 * 1024));
        assert_eq!(unwritten_bytes("Dirty: 12 kB\n"), None, "Writeback missing");
        assert_eq!(unwritten_bytes("Dirty: x kB\nWriteback: 1 kB\n"), None);
        assert_eq!(unwritten_bytes("Dirty: 1 MB\nWriteback: 1 kB\n"), None);
    }

    #[test]
    fn kernel_releases_compare_by_major_then_minor() {
        assert!(release_at_least("6.18.44-fc-v1272", 5, 8));
        assert!(release_at_least("5.8.0", 5, 8));
        assert!(release_at_least("5.10", 5, 8));
        assert!(!release_at_least("5.4.0-150-generic", 5, 8));
        assert!(!release_at_least("4.19.0", 5, 8));
        assert!(!release_at_least("garbage", 5, 8));
    }

    /// Both ways of flushing at the commit (the whole file system, each file and
    /// folder) put the folder and what was written beside it in place, whole.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_commit_flushed_whole_or_file_by_file_puts_everything_in_place() {
        let root = std::env::temp_dir().join(format!("dikast-fsx-both-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        for whole in [true, false] {
            let dest = root.join(format!("turn-{whole}"));
            let mut nd = NewDir::create(&dest).unwrap();
            nd.whole = if whole { Whole::open(&root) } else { None };
            assert_eq!(nd.whole.is_some(), whole);
            nd.write("a/b.yaml", b"inside").unwrap();
            nd.write_beside(&root.join(format!("beside-{whole}")), b"beside")
                .unwrap();
            assert_eq!(nd.commit().unwrap(), dest);
            assert_eq!(fs::read(dest.join("a/b.yaml")).unwrap(), b"inside");
            assert_eq!(
                fs::read(root.join(format!("beside-{whole}"))).unwrap(),
                b"beside"
            );
            assert!(!temp_name(&dest).exists());
        }
        // Not flushed whole when a file to flush is on another file system.
        let w = Whole::open(&root).unwrap();
        let flushes = Flushes::default();
        flushes.start(&root.join("x"), fs::File::create(root.join("x")).unwrap());
        assert!(w.holds(&flushes, std::slice::from_ref(&root)));
        flushes.start(Path::new("/dev/null"), fs::File::open("/dev/null").unwrap());
        assert!(!w.holds(&flushes, &[]));
        flushes.discard();
        fs::remove_dir_all(&root).unwrap();
    }

    /// A cache file is overwritten in place only when it is a private plain file of
    /// ours; a link is replaced, never followed, and so is a file others may write.
    #[cfg(unix)]
    #[test]
    fn a_cache_is_overwritten_in_place_only_when_it_is_ours_and_private() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let root = std::env::temp_dir().join(format!("dikast-fsx-cache-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(&root).unwrap();
        let cache = root.join("views");
        write_cache(&cache, b"first, the longer one").unwrap();
        let ino = fs::metadata(&cache).unwrap().ino();
        write_cache(&cache, b"second").unwrap();
        assert_eq!(fs::read(&cache).unwrap(), b"second");
        assert_eq!(
            fs::metadata(&cache).unwrap().ino(),
            ino,
            "overwritten in place"
        );
        write_cache(&cache, b"third, longer than the second").unwrap();
        assert_eq!(fs::read(&cache).unwrap(), b"third, longer than the second");
        // A link to somewhere else: replaced by a file, its target untouched.
        let target = root.join("target");
        fs::write(&target, b"not the cache's").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600)).unwrap();
        let link = root.join("seeds");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_cache(&link, b"cache").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"not the cache's");
        assert!(!fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&link).unwrap(), b"cache");
        // A file others may write to: replaced by a private one.
        let open = root.join("open");
        fs::write(&open, b"old").unwrap();
        fs::set_permissions(&open, fs::Permissions::from_mode(0o666)).unwrap();
        let ino = fs::metadata(&open).unwrap().ino();
        write_cache(&open, b"new").unwrap();
        let meta = fs::metadata(&open).unwrap();
        assert_ne!(meta.ino(), ino);
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(fs::read(&open).unwrap(), b"new");
        fs::remove_dir_all(&root).unwrap();
    }
}
