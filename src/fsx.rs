//! File system edge: bounded reads, atomic writes (temp + rename), whole folders made
//! atomically, and the campaign lock. Nothing here decides anything about a game.

use crate::error::Failure;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

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
    let mut buf = Vec::new();
    f.take(crate::yaml::MAX_GAME_BYTES as u64 + 1)
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

/// A temporary file beside `path`, written and flushed, then renamed over it.
fn write_via_temp(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let tmp = temp_name(path);
    let res = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if let Err(e) = res {
        let _ = fs::remove_file(&tmp);
        return Err(Failure::io(path, "write", e));
    }
    Ok(())
}

/// A folder built under a temporary name and renamed into place when complete, so a
/// crash never leaves half a turn.
pub struct NewDir {
    tmp: PathBuf,
    dest: PathBuf,
    done: bool,
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
        fs::create_dir_all(&tmp).map_err(|e| Failure::io(&tmp, "create", e))?;
        Ok(NewDir {
            tmp,
            dest: dest.to_path_buf(),
            done: false,
        })
    }
    pub fn path(&self) -> &Path {
        &self.tmp
    }
    /// Writes a file inside the folder (relative path).
    pub fn write(&self, rel: &str, bytes: &[u8]) -> Result<(), Failure> {
        let p = self.tmp.join(rel);
        if let Some(parent) = p.parent() {
            fs::create_dir_all(parent).map_err(|e| Failure::io(parent, "create", e))?;
        }
        let mut f = fs::File::create(&p).map_err(|e| Failure::io(&p, "write", e))?;
        f.write_all(bytes)
            .and_then(|_| f.sync_all())
            .map_err(|e| Failure::io(&p, "write", e))
    }
    pub fn commit(mut self) -> Result<(), Failure> {
        if self.dest.exists() {
            return Err(Failure::Refused(format!(
                "{} appeared meanwhile; nothing was overwritten",
                self.dest.display()
            )));
        }
        fs::rename(&self.tmp, &self.dest).map_err(|e| Failure::io(&self.dest, "create", e))?;
        self.done = true;
        Ok(())
    }
}

impl Drop for NewDir {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_dir_all(&self.tmp);
        }
    }
}

/// The campaign lock: one dikast at a time may change a campaign.
pub struct Lock {
    path: PathBuf,
}

impl Lock {
    pub fn take(dir: &Path) -> Result<Lock, Failure> {
        let path = dir.join(".dikast").join("lock");
        match fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                let _ = writeln!(f, "pid {}", std::process::id());
                Ok(Lock { path })
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(Failure::Refused(format!(
                "another dikast is working on this campaign ({} exists); if none is running, remove that file",
                path.display()
            ))),
            Err(e) => Err(Failure::io(&path, "create", e)),
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}
